/**
 * When a new version of the app may take over. A new service worker waits (it is never activated by
 * itself) and is offered here; it is activated at once when nothing holds updates, else when the last
 * hold is released: a recording, or takes still in the browser waiting to be stored. A page that is
 * closed before that gets the new version on the next visit, as browsers do with a waiting worker.
 */

let holds = 0;
let waiting: (() => void) | null = null;

function activateIfFree(): void {
  if (holds > 0 || !waiting) return;
  const activate = waiting;
  waiting = null;
  activate();
}

/** Holds updates until the returned function is called (calling it again does nothing). */
export function holdUpdates(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    activateIfFree();
  };
}

/** A new version is waiting: `activate` runs now, or once nothing holds updates. */
export function offerUpdate(activate: () => void): void {
  waiting = activate;
  activateIfFree();
}

/** Whether something holds updates now. */
export function updatesHeld(): boolean {
  return holds > 0;
}

/** Forgets holds and a waiting version (tests). */
export function resetUpdateGate(): void {
  holds = 0;
  waiting = null;
}
