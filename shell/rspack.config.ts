import { createShellConfig } from "../scripts/build/shell-config";

export default createShellConfig();
