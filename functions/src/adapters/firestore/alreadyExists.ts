/** gRPC's ALREADY_EXISTS: a `create` of a document that is there (the write that made it first stays). */
export const isAlreadyExists = (error: unknown) => (error as { code?: unknown } | null)?.code === 6;
