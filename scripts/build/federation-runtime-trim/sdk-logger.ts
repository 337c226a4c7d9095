/**
 * Stands in for the sdk's logger.js in the browser builds: the same methods, written straight to the console with
 * the runtime's prefix. Left out: the debug-mode stack capture and the delegate fall-back chain (a browser's console
 * has every method) and binding to a compiler's logger, which only the build plugins use (issue 35, ADR 0066).
 */
type Method = "log" | "info" | "warn" | "error" | "debug";
type Delegate = Partial<Record<Method, (...args: unknown[]) => void>>;

class Logger {
  constructor(
    public prefix: string,
    public delegate: Delegate = console,
  ) {}
  setPrefix(prefix: string): void {
    this.prefix = prefix;
  }
  setDelegate(delegate?: Delegate): void {
    this.delegate = delegate ?? console;
  }
  emit(method: Method, args: unknown[]): void {
    (this.delegate[method] ?? console.log).call(this.delegate, this.prefix, ...args);
  }
  log(...args: unknown[]): void {
    this.emit("log", args);
  }
  warn(...args: unknown[]): void {
    this.emit("warn", args);
  }
  error(...args: unknown[]): void {
    this.emit("error", args);
  }
  success(...args: unknown[]): void {
    this.emit("info", args);
  }
  info(...args: unknown[]): void {
    this.emit("info", args);
  }
  ready(...args: unknown[]): void {
    this.emit("info", args);
  }
  debug(): void {
    // Debug lines only show in the runtime's debug mode, which a shopper's page never turns on.
  }
}

export const createLogger = (prefix: string): Logger => new Logger(prefix);
export const createInfrastructureLogger = createLogger;
export const bindLoggerToCompiler = (): void => {};
const PREFIX = "[ Module Federation ]";
export const logger = createLogger(PREFIX);
export const infrastructureLogger = createLogger(PREFIX);
