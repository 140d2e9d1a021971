import { describe, expect, it } from 'vitest';
import { hideDecorativeIcons } from '@/components/common/decorative-icons';

const icon = (name: string) => `<span role="img" aria-label="${name}" class="anticon"><svg></svg></span>`;

describe('icon names are not read aloud', () => {
  it('hides icons beside text and in labelled buttons', () => {
    document.body.innerHTML = `
      <div id="a">${icon('down')} 角色</div>
      <button id="b">${icon('plus')}新增员工</button>
      <button id="c" aria-label="收起菜单">${icon('menu-fold')}</button>`;
    hideDecorativeIcons(document);
    for (const id of ['a', 'b', 'c']) expect(document.querySelector(`#${id} .anticon`)!.getAttribute('aria-hidden')).toBe('true');
  });
  it('keeps the icon of a button that has no other name', () => {
    document.body.innerHTML = `<button id="d">${icon('close')}</button>`;
    hideDecorativeIcons(document);
    expect(document.querySelector('#d .anticon')!.hasAttribute('aria-hidden')).toBe(false);
  });
});
