/**
 * What an editor types after its edit lock was taken over (issue 23, review P1-1): the page turns
 * read-only, but nothing typed is lost. The lock-lost dialog takes the keyboard at once (a text box
 * that keeps typing going), and on closing, what was written there goes back into the field the
 * person was typing in, at the caret, and from there into the local copy and a revision.
 */
import type { Editor as TinyEditor, TinyMCE } from 'tinymce';

/**
 * The text a key adds when typed into a page that cannot take it (read-only after a takeover):
 * a printable character, or a line break for Enter; null for shortcuts, arrows and the like.
 */
export function typedText(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing'>): string | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return null;
  if (e.key === 'Enter') return '\n';
  // Named keys (Shift, ArrowLeft, Process, Dead) are words; a character is one code point.
  return [...e.key].length === 1 ? e.key : null;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text for a rich-text body at the caret: escaped, its line breaks kept as <br>. */
export function textAsInlineHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** Text appended to an HTML body as paragraphs (when the person was typing nowhere in particular). */
export function textAsParagraphs(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** Where typing went when the lock was lost: a text box or input, or a rich-text body's frame. */
export type TypingPlace = HTMLInputElement | HTMLTextAreaElement | HTMLIFrameElement;

/** The field the keyboard is in, if it is one the person types text into. */
export function typingPlace(active: Element | null = typeof document === 'undefined' ? null : document.activeElement): TypingPlace | null {
  if (!active) return null;
  if (active instanceof HTMLIFrameElement) return active;
  if (active instanceof HTMLTextAreaElement) return active;
  if (active instanceof HTMLInputElement && ['text', 'search', ''].includes(active.type) && !active.closest('[role=combobox], .ant-select')) return active;
  return null;
}

function editorOf(frame: HTMLIFrameElement): TinyEditor | null {
  const tinymce = (window as unknown as { tinymce?: TinyMCE }).tinymce;
  return tinymce?.get().find((e) => e.iframeElement === frame) ?? null;
}

/**
 * Puts `text` where the caret was in `place`, as if typed: an input's value through its native
 * setter and an input event (React and antd see an ordinary change), a rich-text body through
 * TinyMCE (which reports the change). False when the place can take nothing (gone, read-only).
 */
export function insertTyped(place: TypingPlace | null, text: string): boolean {
  if (!place || !text || !place.isConnected) return false;
  if (place instanceof HTMLIFrameElement) {
    const editor = editorOf(place);
    if (!editor) return false;
    // A body made read-only meanwhile takes it for this one insertion (it reports the change as usual).
    const wasReadOnly = editor.mode.isReadOnly();
    if (wasReadOnly) editor.mode.set('design');
    editor.insertContent(textAsInlineHtml(text));
    if (wasReadOnly) editor.mode.set('readonly');
    return true;
  }
  // An input disabled under the caret: the text goes to the end of the body instead.
  if (place.disabled || place.readOnly) return false;
  const start = place.selectionStart ?? place.value.length;
  const end = place.selectionEnd ?? start;
  const value = place.value.slice(0, start) + (place instanceof HTMLInputElement ? text.replace(/\r?\n/g, ' ') : text) + place.value.slice(end);
  const proto = place instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(place, value);
  place.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}
