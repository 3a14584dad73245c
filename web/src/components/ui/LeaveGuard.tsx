import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from './Button';
import { Dialog } from './Dialog';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_STAY = 'Stay and keep editing';
export const LEAVE_GO = 'Leave without saving';

/**
 * Guards unsaved work on a screen: while `unsaved`, leaving it inside the app (a link, the back
 * button) first asks in a dialog, and closing or reloading the tab asks through the browser's own
 * prompt. Changing only the query string of the same screen is not leaving it. Call
 * `allowNextNavigation()` just before a navigation the screen makes itself (e.g. to a story's own
 * address after its first save), which the state of this render would still count as unsaved.
 */
export function useLeaveGuard(unsaved: boolean, what: string) {
  const allowNext = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowNext.current) {
      allowNext.current = false;
      return false;
    }
    return unsaved && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  const stay = () => blocker.reset?.();
  const dialog = (
    <Dialog
      open={blocker.state === 'blocked'}
      title={LEAVE_TITLE}
      onClose={stay}
      footer={
        <>
          <Button variant="secondary" onClick={stay}>
            {LEAVE_STAY}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            {LEAVE_GO}
          </Button>
        </>
      }
    >
      <p>{what}</p>
    </Dialog>
  );
  return {
    dialog,
    allowNextNavigation: () => {
      allowNext.current = true;
    },
  };
}
