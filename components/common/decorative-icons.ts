'use client';

/**
 * antd's icons render as `<span role="img" aria-label="down">`, so screen readers read "down",
 * "exclamation-circle", "search" … beside the text that already names the control. Every icon is
 * made `aria-hidden`, except one that is the only content of a button or link without a name of
 * its own (there the icon's label is all a screen reader has; the product gives such buttons an
 * aria-label anyway).
 */
export function hideDecorativeIcons(root: ParentNode) {
  root.querySelectorAll<HTMLElement>('.anticon[role="img"]:not([aria-hidden])').forEach((icon) => {
    const control = icon.closest('button, a, [role="button"]');
    const isOnlyName =
      control &&
      !control.getAttribute('aria-label') &&
      !control.getAttribute('aria-labelledby') &&
      !control.getAttribute('title') &&
      (control.textContent ?? '').trim() === '';
    if (!isOnlyName) icon.setAttribute('aria-hidden', 'true');
  });
}

/** Keeps icons decorative as antd renders more of them (menus, dialogs, messages). */
export function watchDecorativeIcons(): () => void {
  hideDecorativeIcons(document);
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      hideDecorativeIcons(document);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
