/**
 * A message in the `outbox` table. It is written in the same statement or transaction as the row it announces
 * (a new lead: `createDemoRequest`), so it exists exactly when that row does, and the worker delivers it later:
 * a mail outage never fails or slows the request that caused it.
 */
export type OutboxMessage = { kind: "new-lead-email"; payload: { demoRequestId: string } };
