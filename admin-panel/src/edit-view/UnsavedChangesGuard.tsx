/**
 * The unsaved-changes guard: while the form has unsaved edits, leaving the page inside the app
 * asks first (react-router's blocker, an alert dialog), and closing or reloading the tab gets
 * the browser's own prompt (beforeunload).
 */
import { useEffect } from 'react';
import { useBlocker, UNSAFE_DataRouterContext } from 'react-router';
import { useContext } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

function RouterGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  if (blocker.state !== 'blocked') return null;
  return (
    <ModalOverlay className="vf-overlay" isOpen isDismissable={false}>
      <Modal className="vf-modal">
        <Dialog role="alertdialog" className="vf-dialog">
          <Heading slot="title">Unsaved changes</Heading>
          <p>You have unsaved changes. Leave this page and lose them?</p>
          <div className="vf-row">
            <Button className="vf-button" onPress={() => blocker.reset()} autoFocus>
              Stay
            </Button>
            <Button className="vf-button vf-danger" onPress={() => blocker.proceed()}>
              Leave
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  // the blocker needs a data router (createBrowserRouter); under a plain one only beforeunload guards
  return dataRouter ? <RouterGuard when={when} /> : null;
}
