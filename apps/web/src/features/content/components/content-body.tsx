import { parseContentBlocks } from '@app/contract/content';
import type { Lang } from '@app/contract/lang';
import { useMemo } from 'react';

/** BCP 47 tags of the languages a text can be served in (it may differ from the app's when one is missing). */
export const CONTENT_HTML_LANG: Record<Lang, string> = { en: 'en', vn: 'vi', zn: 'zh-Hant' };

/**
 * An announcement or help text as elements: headings, bullet lists and paragraphs. The stored text
 * is only ever React text children, never markup, so nothing an operator types becomes HTML.
 */
export function ContentBody({ body }: { body: string }) {
  const blocks = useMemo(() => parseContentBlocks(body), [body]);
  return (
    <div className="content-body">
      {blocks.map((block, index) => {
        // Blocks have no identity beyond their place in the text.
        const key = `${block.kind}-${index}`;
        if (block.kind === 'heading') return <h2 key={key}>{block.text}</h2>;
        if (block.kind === 'list') {
          return (
            <ul key={key}>
              {block.items.map((item, i) => {
                const itemKey = `${key}-${i}`;
                return <li key={itemKey}>{item}</li>;
              })}
            </ul>
          );
        }
        return <p key={key}>{block.text}</p>;
      })}
    </div>
  );
}
