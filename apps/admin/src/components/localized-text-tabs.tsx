import { LANGS, type Lang } from '@app/contract/lang';
import { Form, Input, Tabs, Typography } from 'antd';
import { STRINGS } from '../config/strings';
import { isApiError } from '../lib/api-client';

const S = STRINGS.localized;

interface LocalizedTextTabsProps {
  titleMax: number;
  bodyMax: number;
  activeLang: Lang;
  onLangChange: (lang: Lang) => void;
  /** Shown under the text areas (e.g. the placeholders a help text may use). */
  bodyExtra?: string;
}

/**
 * A title and a text in each of the three languages, one tab per language. Every tab stays mounted
 * so the form holds and validates all three at once; a tab whose title is empty says so.
 */
export function LocalizedTextTabs({ titleMax, bodyMax, activeLang, onLangChange, bodyExtra }: LocalizedTextTabsProps) {
  const form = Form.useFormInstance();
  const titles = Form.useWatch('title', form) as Partial<Record<Lang, string>> | undefined;
  return (
    <Tabs
      activeKey={activeLang}
      onChange={(key) => onLangChange(key as Lang)}
      items={LANGS.map((lang) => ({
        key: lang,
        forceRender: true,
        label: (
          <span>
            {S.languages[lang]}
            {!titles?.[lang]?.trim() && (
              <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
                ({S.missing})
              </Typography.Text>
            )}
          </span>
        ),
        children: (
          <>
            <Form.Item name={['title', lang]} label={`${S.title} (${lang})`} rules={[{ max: titleMax }]}>
              <Input maxLength={titleMax} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name={['body', lang]}
              label={`${S.body} (${lang})`}
              rules={[{ max: bodyMax }]}
              extra={
                <>
                  {S.bodyHint}
                  {bodyExtra && <div>{bodyExtra}</div>}
                </>
              }
            >
              <Input.TextArea rows={10} maxLength={bodyMax} />
            </Form.Item>
          </>
        ),
      }))}
    />
  );
}

/** The first language a server refusal names (`title.vn`, `body.zn`), so the editor can show that tab. */
export function langOfRefusal(error: unknown): Lang | null {
  if (!isApiError(error)) return null;
  for (const name of Object.keys(error.fields)) {
    const lang = name.split('.')[1];
    if (lang === 'en' || lang === 'vn' || lang === 'zn') return lang;
  }
  return null;
}

/** Which languages have both a title and a text, e.g. "EN · ZN". */
export function languagesLabel(title: Record<Lang, string>, body: Record<Lang, string>): string {
  return LANGS.filter((lang) => title[lang] && body[lang])
    .map((lang) => lang.toUpperCase())
    .join(' · ');
}
