import { recordedStack, stopStack } from "./stack";

/** npm run stop: stops the Workers npm start recorded, by their own PIDs. */
const workers = recordedStack();
await stopStack(workers);
console.log(workers.length ? `Stopped ${workers.map((w) => `${w.name} (${w.pid})`).join(", ")}` : "Nothing recorded as running.");
