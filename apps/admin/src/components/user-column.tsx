import { Space, type TableColumnType, Typography } from 'antd';

/** The user a row belongs to: the username, and the user's id under it. */
export function userColumn<T extends { username: string; userId: string }>(title: string): TableColumnType<T> {
  return {
    title,
    key: 'user',
    render: (_, row) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{row.username}</Typography.Text>
        <Typography.Text type="secondary">#{row.userId}</Typography.Text>
      </Space>
    ),
  };
}
