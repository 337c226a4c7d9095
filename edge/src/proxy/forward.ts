import type { RemoteName } from "@dealer/shared/fragment";
import { type GatewayEnv, remoteBinding } from "../env";

/** Pass a browser request to a remote Worker unchanged; a missing or dead remote is a 503. */
export async function forwardToRemote(env: GatewayEnv, remote: RemoteName, request: Request): Promise<Response> {
  const binding = remoteBinding(env, remote);
  if (!binding) return unavailable(remote);
  try {
    return await binding.fetch(request);
  } catch (error) {
    console.warn(`[gateway] ${remote} unreachable: ${(error as Error).message}`);
    return unavailable(remote);
  }
}

function unavailable(remote: RemoteName): Response {
  return Response.json({ message: `${remote} is unavailable`, status: 503 }, { status: 503, headers: { "retry-after": "5" } });
}
