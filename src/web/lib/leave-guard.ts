import { LEAVE_PAGE_WARNING } from "#shared/constants.ts";

/**
 * SPEC section 2: leaving the page while requests or a token refresh are in
 * flight asks "Are you sure you want to leave? Your changes may not be saved."
 * (Browsers show their own wording; the text is what the spec asks to set.)
 */
export function installLeaveGuard(
  isBusy: () => boolean,
  target: Pick<Window, "addEventListener" | "removeEventListener"> = window,
): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!isBusy()) return;
    event.preventDefault();
    event.returnValue = LEAVE_PAGE_WARNING;
    return LEAVE_PAGE_WARNING;
  };
  target.addEventListener("beforeunload", onBeforeUnload);
  return () => target.removeEventListener("beforeunload", onBeforeUnload);
}
