// The yardstick for a form: a hand-written antd Form with the same 200 text fields.
import { Card, ConfigProvider, Form, Input } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createRoot } from 'react-dom/client';
import { entity, FORM_FIELDS, fieldNames, measureKeys, whenVisible } from './fixtures.js';

function Page() {
  return (
    <Card title="200 项表单">
      <Form layout="horizontal" labelCol={{ flex: '110px' }}>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 24 }}>
          {fieldNames.map((f) => (
            <Form.Item key={f} name={f} label={entity.fields[f].label} rules={[{ max: 100, message: '最多100个字符' }]}>
              <Input placeholder={`请输入${entity.fields[f].label}`} allowClear />
            </Form.Item>
          ))}
        </div>
      </Form>
    </Card>
  );
}

measureKeys();
const start = performance.now();
whenVisible(
  () => document.querySelectorAll('input').length >= FORM_FIELDS,
  (ms) => {
    window.__bench.mountMs = ms - start;
  },
);
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <Page />
  </ConfigProvider>,
);
