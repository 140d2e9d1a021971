'use client';

import { useEffect, type DependencyList, type RefObject } from 'react';

/**
 * Three things antd's table leaves for assistive technology, mended in place: its hidden
 * width-measuring row copies the header's checkbox (focusable inside aria-hidden), the select-all
 * box is labelled in English, and a table scrolling sideways cannot be reached by keyboard.
 * Idempotent: runs on every change of the table's DOM.
 */
export function mendTableAccessibility(root: HTMLElement) {
  root.querySelectorAll<HTMLElement>('.ant-table-measure-row').forEach((row) => {
    if (!row.hasAttribute('inert')) row.setAttribute('inert', '');
    row.querySelectorAll<HTMLElement>('input, button, [tabindex]').forEach((el) => el.getAttribute('tabindex') !== '-1' && el.setAttribute('tabindex', '-1'));
  });
  root.querySelectorAll<HTMLInputElement>('input[aria-label="Select all"]').forEach((el) => el.setAttribute('aria-label', '全选本页'));
  root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((el) => {
    const isScrolling = el.scrollWidth > el.clientWidth + 1;
    if (isScrolling && el.getAttribute('tabindex') !== '0') {
      el.setAttribute('tabindex', '0');
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', '列表（可左右滚动）');
    } else if (!isScrolling && el.getAttribute('tabindex') === '0') {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
    }
  });
}

/**
 * Keeps `mendTableAccessibility` applied to the table inside `box`: at once, on every change of its
 * DOM and on resize (a table may start or stop scrolling sideways). `deps`: when the box itself is
 * replaced (e.g. a list switching between grid and table).
 */
export function useTableMending(box: RefObject<HTMLElement | null>, deps: DependencyList = []) {
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const mend = () => mendTableAccessibility(root);
    mend();
    const observer = new MutationObserver(mend);
    // Attributes too: a table rendered on the server is hydrated with the attributes React
    // controls, which can put back a tabindex the mending had changed (the rows arrive with the HTML).
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex', 'aria-label'] });
    window.addEventListener('resize', mend);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', mend);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the box is a ref; `deps` says when it changes
  }, deps);
}
