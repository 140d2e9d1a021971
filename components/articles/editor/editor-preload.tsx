import { preload } from 'react-dom';
import { headers } from 'next/headers';
import { currentUserDetail } from '@/lib/current-user';
import { NONCE_HEADER } from '@/lib/security-headers';
import { TINYMCE_SCRIPTS, TINYMCE_STYLES } from './tinymce-assets';

/**
 * 写文章's `<link rel=preload>`s for TinyMCE (issue 17): its core, theme, model, icons, language,
 * first plugins and skin download while the page's own scripts load and run, instead of one after
 * the other once the editor component has mounted. The scripts carry the page's nonce (the policy
 * has 'strict-dynamic', lib/security-headers.ts). Renders nothing.
 */
export async function EditorPreload() {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  for (const href of TINYMCE_SCRIPTS) preload(href, { as: 'script', nonce });
  for (const href of TINYMCE_STYLES) preload(href, { as: 'style' });
  return null;
}

/**
 * `<link rel=prefetch>`s for the same files on the screens 写文章 is opened from (文章列表, 发布内容),
 * for those who may write articles (issue 17): the browser fetches them at its lowest priority once
 * the screen has loaded, and a click on 写文章 finds them in its cache. Plain HTML: the screen's own
 * scripts carry nothing of the editor.
 */
export async function EditorPrefetch() {
  const auth = (await currentUserDetail())?.auth ?? {};
  if (!auth['/article/addArticle']) return null;
  return (
    <>
      {TINYMCE_SCRIPTS.map((href) => (
        <link key={href} rel="prefetch" as="script" href={href} />
      ))}
      {TINYMCE_STYLES.map((href) => (
        <link key={href} rel="prefetch" as="style" href={href} />
      ))}
    </>
  );
}
