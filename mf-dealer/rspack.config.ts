import { createRemoteConfig } from "../scripts/build/remote-config";

export default createRemoteConfig({
  packageDir: import.meta.dirname,
  // The console's pages are its own documents: its stylesheet carries the design system's tokens and core as well.
  ownPages: true,
  designComponents: ["field", "card", "badge-chip"],
  // The console's one public module: its navigation, for a host that frames the console (ADR 0069).
  exposes: { "./ConsoleNav": "./src/console-nav.tsx" },
});
