/**
 * Tells a list's own address writes, coming back from the router, from news (issue 38): back,
 * forward, a link. Pure, so the controller's one rule is tested without a router.
 *
 * A write the router never hands back must not stay pending: an address written equal to the
 * latest one changes nothing (no render to hand it back), so it is not written at all; and a step
 * through the history (POP) is news whatever was written before it, and ends every pending write.
 * Left pending, such a write made a later back or forward to that very address look like an echo:
 * the list kept the view it had while the address said another.
 */
export const createAddressEcho = (initial: string) => {
  /** Written, not yet handed back, oldest first. */
  let pending: string[] = [];
  /** The address the list last heard from the router. */
  let seen = initial;

  return {
    /** Whether to write `address` (it differs from the latest written or heard); noted if so. */
    write: (address: string): boolean => {
      if (address === (pending.at(-1) ?? seen)) return false;
      pending.push(address);
      return true;
    },
    /** The router's address now: whether it is news for the list (not an echo of its writes). */
    arrived: (address: string, historyStep: boolean): boolean => {
      if (address === seen) return false;
      seen = address;
      if (historyStep) {
        pending = [];
        return true;
      }
      const mine = pending.indexOf(address);
      if (mine < 0) return true;
      // This write, and any before it the router skipped (two writes in one render), are done.
      pending = pending.slice(mine + 1);
      return false;
    },
  };
};
