import { localPushServiceFrom, type LocalPushService } from '../domain/push/endpoint';

/**
 * The ports of the local stack's push services (STOCKSEER_LOCAL_PUSH_PORTS, which tools/stack writes), the one
 * setting under which pushes may go to plain http on loopback. Read only here, in the emulator's build: production's
 * bundle has no such setting to read (deployedBundle.test.ts).
 */
export function localPushServiceFromEnv(env: NodeJS.ProcessEnv): LocalPushService | undefined {
  const ports = env.STOCKSEER_LOCAL_PUSH_PORTS;
  return ports ? localPushServiceFrom(ports) : undefined;
}
