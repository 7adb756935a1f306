/**
 * Who is asking: the verified identity `http/auth.ts` takes from the ID token. Services and adapters take it as a
 * plain value, so they never depend on HTTP.
 */
export interface Caller {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  isAdmin: boolean;
}
