// The package ships no types; these are the calls the PGlite directory lock uses (see its README).
declare module "fs-native-extensions" {
  /** An exclusive (or, with `shared`, a shared) lock on the open file: true if taken, false if another holder has it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
