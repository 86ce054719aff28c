import { FileImageOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Flex, Image, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { STRINGS } from '../config/strings';

const IMAGE_HEIGHT = 220;

/**
 * An image that needs the session header: the bytes come from a query as a Blob and are shown through
 * an object URL, released when the image goes away. antd's preview gives zoom and rotate.
 */
export function BlobImage({ query, alt }: { query: UseQueryResult<Blob>; alt: string }) {
  const url = useObjectUrl(query.data);
  if (query.isError)
    return <Alert type="error" showIcon title={STRINGS.images.loadFailed} description={query.error.message} />;
  if (!url) {
    return (
      <Skeleton.Node active style={{ width: '100%', height: IMAGE_HEIGHT }}>
        <FileImageOutlined style={{ fontSize: 32 }} />
      </Skeleton.Node>
    );
  }
  return (
    <Flex vertical gap={4}>
      <Image
        src={url}
        alt={alt}
        height={IMAGE_HEIGHT}
        width="100%"
        style={{ objectFit: 'contain', background: 'rgba(0,0,0,0.04)' }}
      />
      <Typography.Text type="secondary">{STRINGS.images.zoomHint}</Typography.Text>
    </Flex>
  );
}

function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
