import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { escapeHtml, html, linkify } from './html.js';

describe('html', () => {
  it('escapes every interpolated string, including attribute breakers', () => {
    const evil = `"><script>alert('x')</script>&`;
    assert.equal(
      html`<p title="${evil}">${evil}</p>`.value,
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>',
    );
  });

  it('nests templates and arrays without double escaping, and drops null, undefined and false', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    assert.equal(
      html`<ul>${items}${null}${undefined}${false}</ul>`.value,
      '<ul><li>a&lt;b</li><li>c</li></ul>',
    );
  });

  it('links URLs in text, leaving trailing punctuation outside the link and escaping the rest', () => {
    const out = linkify('Join: https://app.example/activation/abc?x=1&y=2. <b>now</b>').value;
    assert.equal(
      out,
      'Join: <a href="https://app.example/activation/abc?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">https://app.example/activation/abc?x=1&amp;y=2</a>. &lt;b&gt;now&lt;/b&gt;',
    );
  });

  it('does not turn javascript: or quoted text into links', () => {
    assert.equal(linkify('javascript:alert(1)').value, 'javascript:alert(1)');
    assert.equal(escapeHtml('`'), '&#96;');
    assert.equal(linkify('http://x.test/"onmouseover="a').value.includes('"onmouseover'), false);
  });
});
