// The yardstick for a first page: a plain antd login card (Form, Input, Button), nothing else.
import { Button, Card, ConfigProvider, Form, Input } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <div style={{ maxWidth: 420, margin: '80px auto' }}>
      <Card title="教育科研课题管理平台">
        <h2>用户登录</h2>
        <Form layout="vertical">
          <Form.Item label="用户名" name="username" rules={[{ required: true, message: '请输入用户名' }]}>
            <Input />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  </ConfigProvider>,
);
