import type { Lang } from '@app/contract/lang';
import { type LocalizedName, PRODUCT_NAME_LENGTH_MAX } from '@app/contract/product-names';
import { Col, Form, Input, Row, Typography } from 'antd';
import { STRINGS } from '../config/strings';

const S = STRINGS.localized;
const OTHER_LANGS = ['vn', 'zn'] as const satisfies readonly Lang[];

/**
 * A product's name in the three languages, under `nameI18n`: English required; Vietnamese and Chinese
 * optional, and an empty one shows the English name in the app (its placeholder says which).
 */
export function LocalizedNameFields() {
  const form = Form.useFormInstance();
  const english = (Form.useWatch(['nameI18n', 'en'], form) as string | undefined)?.trim() ?? '';
  const tooLong = { max: PRODUCT_NAME_LENGTH_MAX, message: S.nameTooLong };
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          name={['nameI18n', 'en']}
          label={S.name.en}
          rules={[{ required: true, whitespace: true, message: S.nameEnRequired }, tooLong]}
        >
          <Input maxLength={PRODUCT_NAME_LENGTH_MAX} autoComplete="off" />
        </Form.Item>
      </Col>
      {OTHER_LANGS.map((lang) => (
        <Col xs={24} md={8} key={lang}>
          <Form.Item name={['nameI18n', lang]} label={S.name[lang]} rules={[tooLong]} extra={S.nameFallbackHint}>
            <Input maxLength={PRODUCT_NAME_LENGTH_MAX} autoComplete="off" placeholder={english} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** The names trimmed, as the server takes them. */
export function trimmedNames(names: LocalizedName): LocalizedName {
  return { en: names.en.trim(), vn: (names.vn ?? '').trim(), zn: (names.zn ?? '').trim() };
}

/** A list cell: the English name, and the other two (or that they fall back to English) below it. */
export function LocalizedNameCell({ names, strong = false }: { names: LocalizedName; strong?: boolean }) {
  return (
    <>
      <Typography.Text strong={strong}>{names.en}</Typography.Text>
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {OTHER_LANGS.map((lang) => S.nameInList(lang, names[lang] || `(${S.missing})`)).join(' · ')}
      </Typography.Text>
    </>
  );
}
