import { PHOTO_UPLOAD_SCRIPTS } from "./src/photo-upload-scripts";
import { createPageScriptsConfig, createRemoteConfig } from "../scripts/build/remote-config";

export default [
  createRemoteConfig({
    packageDir: import.meta.dirname,
    // The console's pages are its own documents: its stylesheet carries the design system's tokens and core as well.
    ownPages: true,
    designComponents: ["field", "card", "badge-chip"],
    // The console's one public module: its navigation, for a host that frames the console (ADR 0069).
    exposes: { "./ConsoleNav": "./src/console-nav.tsx" },
  }),
  // The car page's upload form, enhanced when it is near (ADR 0085): a small loader, and the enhancement it fetches.
  createPageScriptsConfig({
    packageDir: import.meta.dirname,
    scripts: { [PHOTO_UPLOAD_SCRIPTS.loader]: "./src/client/photo-upload-loader.ts", [PHOTO_UPLOAD_SCRIPTS.enhancement]: "./src/client/photo-upload.ts" },
  }),
];
