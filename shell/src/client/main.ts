// Async boundary: shared singletons (react, jotai, ...) are negotiated before bootstrap runs.
import("./bootstrap");
