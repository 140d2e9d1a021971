'use client';

import { CloseCircleFilled } from '@ant-design/icons';

/**
 * `allowClear` for a Select or TreeSelect: its clear button is read as 清除选择, not "Clear". (Not
 * 清除<field>: a label containing the field's name would also answer to that name, and the
 * button sits right after its field anyway.) It stays a tab stop, so a keyboard user can clear a
 * choice, and CSS shows it while focused (app/globals.css).
 */
export function clearable() {
  return { clearIcon: <CloseCircleFilled aria-hidden />, label: '清除选择' } as { clearIcon: React.ReactNode };
}
