import { yieldToMain } from "./yield-to-main";

// Async boundary: shared singletons (react, jotai, ...) are negotiated before bootstrap runs. A task boundary first:
// the federation runtime's evaluation (this entry) and the bootstrap's are two tasks, not one long one (ADR 0134).
void yieldToMain().then(() => import("./bootstrap"));
