'use client';

import { Children, forwardRef, Fragment, isValidElement, useContext, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import useCardStyle from 'antd/es/card/style';

export interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'small' | 'medium';
  hoverable?: boolean;
  styles?: { header?: CSSProperties; body?: CSSProperties };
}

const shown = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';
/** antd's rule for a body: a child that is not null, undefined or a boolean, looking into arrays and fragments (rc-util's `toArray`). */
const hasChild = (node: ReactNode): boolean =>
  Children.toArray(node).some((c) => (isValidElement<{ children?: ReactNode }>(c) && c.type === Fragment ? hasChild(c.props.children) : true));

/**
 * antd's Card as our screens use it: a bordered box with an optional head (title, extra) and a
 * body, the same elements and classes as antd's `Card` renders, styled by the same stylesheet and
 * component tokens (antd's card style hook). antd's `Card` imports its Tabs (for `tabList`) and
 * Skeleton (for `loading`), about 10 KiB gzip in every screen's first load that frames its list in
 * a card (issue 25); neither is used here. A card that needs tabs, `loading`, `cover` or `actions`
 * uses antd's own.
 */
export const Card = forwardRef<HTMLDivElement, CardProps>(function Card({ title, extra, size, hoverable, styles, className, style, children, ...rest }, ref) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefixCls);
  const classes = [
    prefixCls,
    `${prefixCls}-bordered`,
    hoverable && `${prefixCls}-hoverable`,
    size === 'small' && `${prefixCls}-small`,
    className,
    hashId,
    cssVarCls,
  ]
    .filter(Boolean)
    .join(' ');
  const hasBody = hasChild(children);
  return (
    <div ref={ref} {...rest} className={classes} style={style}>
      {(shown(title) || shown(extra)) && (
        <div className={`${prefixCls}-head`} style={styles?.header}>
          <div className={`${prefixCls}-head-wrapper`}>
            {shown(title) && <div className={`${prefixCls}-head-title`}>{title}</div>}
            {shown(extra) && <div className={`${prefixCls}-extra`}>{extra}</div>}
          </div>
        </div>
      )}
      {hasBody && (
        <div className={`${prefixCls}-body`} style={styles?.body}>
          {children}
        </div>
      )}
    </div>
  );
});
