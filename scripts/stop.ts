import { recordedSessions, stopAllSessions } from "./stack";

/** npm run stop: stops the sessions npm start and npm test recorded, by their own PIDs. */
const sessions = recordedSessions();
await stopAllSessions();
console.log(sessions.length ? `Stopped ${sessions.map((s) => `${s.label} (pid ${s.pid})`).join(", ")}` : "Nothing recorded as running.");
