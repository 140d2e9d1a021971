import { describe, expect, it } from 'vitest';
import { blockReferences, sanitizeArticleHtml } from '@/server/content/sanitize';

/** Known XSS vectors (OWASP filter-evasion cheat sheet, PortSwigger's list, html5sec.org). */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=//xss.example/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<p style="text-align: center; background: url(javascript:alert(1))">x</p>',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java&#115;cript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="//evil.example/">protocol relative</a>',
  '<a href="https://ok.example/" onclick="alert(1)">onclick</a>',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="data">',
  '<img src="/api/logout" alt="same-site GET">',
  '<img src="/uploads/../api/logout">',
  '<form action="https://evil.example"><input name="q"><button>go</button></form>',
  '<div class="cms-video" data-video-id="12" onclick="alert(1)" style="position:fixed">block</div>',
  '<div class="cms-video evil" data-video-id="12&quot; onerror=&quot;alert(1)">x</div>',
  '<div class="cms-gallery" data-pic-ids="1,2,javascript:alert(1)">x</div>',
  '<div class="cms-vote" data-activity-id="3" data-evil="1" contenteditable="true">x</div>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<p>x<![CDATA[<img src=x onerror=alert(1)>]]></p>',
  '<span style="behavior: url(xss.htc)">x</span>',
  '<a href="https://ok.example/" target="_top">frame bust</a>',
];

/** Whether sanitized HTML is harmless: only allowed tags, attributes and schemes remain. */
function harmful(html: string): string | null {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const allowedTags = new Set([
    'P',
    'BR',
    'H2',
    'H3',
    'H4',
    'STRONG',
    'B',
    'EM',
    'I',
    'U',
    'S',
    'DEL',
    'SUB',
    'SUP',
    'BLOCKQUOTE',
    'PRE',
    'CODE',
    'UL',
    'OL',
    'LI',
    'A',
    'IMG',
    'TABLE',
    'THEAD',
    'TBODY',
    'TR',
    'TH',
    'TD',
    'HR',
    'SPAN',
    'DIV',
    'FIGURE',
    'FIGCAPTION',
  ]);
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    if (!allowedTags.has(el.tagName)) return `tag ${el.tagName}`;
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (name.startsWith('on')) return `handler ${name}`;
      if (name === 'style' && !/^text-align:(left|right|center|justify);?$/.test(value)) return `style ${value}`;
      if ((name === 'href' || name === 'src') && !/^(https?:|mailto:|\/uploads\/)/.test(value)) return `${name} ${value}`;
      if (name === 'src' && value.includes('..')) return `src ${value}`;
      if (name.startsWith('data-') && !/^[\d,]+$/.test(value)) return `${name} ${value}`;
      if (name === 'class' && !/^cms-(video|vr|inquiry|vote|gallery)$/.test(value)) return `class ${value}`;
      if (name === 'contenteditable' && value !== 'false') return `contenteditable ${value}`;
      if (name === 'target' && value !== '_blank') return `target ${value}`;
    }
  }
  return null;
}

describe('article HTML sanitizer', () => {
  it(`stores each of ${VECTORS.length} known XSS vectors harmless`, () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(50);
    // The checker itself sees the harm in the raw vectors (so a pass below means something).
    expect(VECTORS.filter((v) => harmful(v) !== null).length).toBeGreaterThanOrEqual(50);
    for (const vector of VECTORS) {
      const out = sanitizeArticleHtml(vector);
      expect(harmful(out), `${vector}\n→ ${out}`).toBeNull();
      expect(out.toLowerCase()).not.toMatch(/<script|javascript:|vbscript:|onerror|onload/);
    }
  });

  it('keeps ordinary rich text and exactly the five custom blocks with their ids', () => {
    const html = [
      '<h2 style="text-align: center">解放J7 试驾</h2>',
      '<p>正文<strong>加粗</strong>，<a href="https://www.example.com/a" target="_blank">链接</a>。</p>',
      '<p><img src="/uploads/pic/2026/11/0123456789abcdef01234567.jpg" alt="外观" width="800" height="600"></p>',
      '<div class="cms-video" data-video-id="12" contenteditable="false"><img src="https://img.example.com/p.jpg" alt="封面"></div>',
      '<div class="cms-vr" data-vr-id="3" contenteditable="false">VR</div>',
      '<div class="cms-inquiry" data-series-id="101" data-product-id="10105" contenteditable="false">询价</div>',
      '<div class="cms-vote" data-activity-id="2" contenteditable="false">投票</div>',
      '<div class="cms-gallery" data-pic-ids="5,9,13" contenteditable="false">图集</div>',
      '<table><tbody><tr><th>车型</th><td colspan="2">解放</td></tr></tbody></table>',
    ].join('');
    const out = sanitizeArticleHtml(html);
    expect(out).toContain('<h2 style="text-align:center">解放J7 试驾</h2>');
    expect(out).toContain('<a href="https://www.example.com/a" target="_blank" rel="noopener noreferrer">链接</a>');
    expect(out).toContain('<img src="/uploads/pic/2026/11/0123456789abcdef01234567.jpg" alt="外观" width="800" height="600" />');
    for (const block of [
      '<div class="cms-video" contenteditable="false" data-video-id="12">',
      '<div class="cms-vr" contenteditable="false" data-vr-id="3">',
      '<div class="cms-inquiry" contenteditable="false" data-series-id="101" data-product-id="10105">',
      '<div class="cms-vote" contenteditable="false" data-activity-id="2">',
      '<div class="cms-gallery" contenteditable="false" data-pic-ids="5,9,13">',
    ]) {
      expect(out).toContain(block);
    }
    expect(out).toContain('<td colspan="2">解放</td>');
    expect(sanitizeArticleHtml(out)).toBe(out);
    expect(blockReferences(out)).toEqual({
      videoIds: new Set([12]),
      picIds: new Set([5, 9, 13]),
      vrIds: new Set([3]),
      activityIds: new Set([2]),
      productIds: new Set([10105]),
    });
  });

  it('a block id on the wrong block, or a bad id, is dropped; the block itself stays', () => {
    expect(sanitizeArticleHtml('<div class="cms-vr" data-video-id="1" data-vr-id="x1">a</div>')).toBe('<div class="cms-vr" contenteditable="false">a</div>');
    expect(sanitizeArticleHtml('<div class="plain" data-video-id="1">b</div>')).toBe('<div>b</div>');
  });
});
