declare const brand: unique symbol;

/** A number that means one thing only; the brand keeps a token from being passed where a time is expected. */
type Brand<T, Name extends string> = T & { readonly [brand]: Name };

/** Virtual milliseconds since the scenario started. Nothing in the simulation reads the wall clock. */
export type VirtualMs = Brand<number, 'VirtualMs'>;

/** A number handed out by the lock service with each grant, strictly increasing per lock. */
export type FencingToken = Brand<number, 'FencingToken'>;

/** Who a renewer is, as the scenario names it ("A", "B"). */
export type RenewerId = string;

export const virtualMs = (value: number): VirtualMs => value as VirtualMs;
export const fencingToken = (value: number): FencingToken => value as FencingToken;

/**
 * A certificate as the CA issued it. `issuedAt` is its notBefore, null for the one already in the table when the
 * story starts; `notAfter` ends its validity (RFC 5280, 4.1.2.5), and tells a renewer whether it is due.
 */
export interface Certificate {
  readonly serial: number;
  readonly issuedAt: VirtualMs | null;
  readonly notAfter: VirtualMs;
}
