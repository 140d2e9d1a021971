import { CONTENT_WIDTH } from './layout';

/** The body's height in px (TinyMCE's `height`: toolbar, body and status bar together). */
export const EDITOR_HEIGHT = 560;

/** The widest the editor gets: the public site's body width plus the frame's padding and border. */
export const EDITOR_MAX_WIDTH = CONTENT_WIDTH + 34;

/**
 * The editor's box before TinyMCE has drawn itself (issue 25): the same height and width as the
 * finished editor, on a phone and on a desktop, so nothing below it moves when it appears. Shown
 * while the editor's script loads (article-editor.tsx) and under the editor until its toolbar is
 * drawn (rich-text.tsx). Plain markup and inline styles: it must not wait for a stylesheet either.
 */
export function EditorPlaceholder({ height = EDITOR_HEIGHT, overlay = false, fieldId }: { height?: number; overlay?: boolean; fieldId?: string }) {
  return (
    <div
      aria-busy="true"
      aria-label="正文编辑器加载中"
      role="status"
      data-testid="editor-placeholder"
      style={{
        ...(overlay ? { position: 'absolute', inset: 0 } : { position: 'relative' }),
        boxSizing: 'border-box',
        height,
        maxWidth: EDITOR_MAX_WIDTH,
        border: '2px solid #eee',
        borderRadius: 10,
        background: '#fff',
        overflow: 'hidden',
      }}
    >
      {/* What the field's label points at until TinyMCE's own (hidden) textarea takes the id. */}
      {fieldId && <textarea id={fieldId} hidden readOnly tabIndex={-1} aria-hidden="true" />}
      <div style={{ height: 40, borderBottom: '1px solid #eee', background: '#fafafa' }} />
      <div style={{ padding: '24px 16px', display: 'grid', gap: 14 }}>
        {[92, 100, 84, 96, 60].map((w, i) => (
          <div key={i} style={{ height: 14, width: `${w}%`, borderRadius: 4, background: '#f2f2f2' }} />
        ))}
      </div>
    </div>
  );
}
