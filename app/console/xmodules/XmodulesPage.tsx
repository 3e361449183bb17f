/**
 * /console/modules (spec 1 §2; spec 1 §3 'Custom component catalogue entry'; the first address
 * /console/xmodules leads here): super managers edit the
 * custom component catalogue without writing JSON: a table of entries (group, name, value, params),
 * a dialog with the entry's fields and a list editor of its params (field, name, type, rule, default,
 * options or options address, tips, display condition, placeholder / rows / length). The server checks
 * every entry strictly; its 400 lands on the field it names. Other users see 没有权限.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { PARAM_TYPES, type CatalogueEntry, type ParamType } from '@modules/xmodule/catalogue';
import { CATALOGUE_KEY, fetchCatalogue } from '@modules/xmodule/Form';
import { errorMessage, hostApi } from '../../api';
import { useSession } from '../../shared/session';

import { applyPathErrors } from '../resources/serverErrors';
import { entryFormErrors, formPathOf, fromFormValues, toFormValues, type EntryFormValues, type ParamFormValues } from './entryForm';
import '../console.css';
import { PageHead } from '../PageHead';
import { api } from '../../shared/apiClient';

const TYPE_LABELS: Record<ParamType, string> = { input: '文本', number: '数字', select: '下拉选择', switch: '开关', radio: '单选' };
/** The catalogue dialog is wider than the default 536 px: it holds a list of params side by side. */
const CATALOGUE_DIALOG_WIDTH = 880;

/** The catalogue page. */
export function XmodulesPage() {
  const { data: user } = useSession();
  const isSuper = user?.role === 'super';
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<CatalogueEntry | 'new' | null>(null);
  const list = useQuery({ queryKey: CATALOGUE_KEY, queryFn: ({ signal }) => fetchCatalogue(hostApi, signal), enabled: isSuper });

  if (!isSuper) return <Result status="403" title={MSG.forbidden} />;

  const remove = (e: CatalogueEntry) => {
    modal.confirm({
      title: MSG.xmoduleDeleteTitle,
      content: MSG.xmoduleDeleteConfirm,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await api.delete('/api/v1/xmodules/{id}', { params: { id: e.id } });
          message.success(r.message ?? MSG.xmoduleDeleted);
          await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
        } catch (err) {
          message.error(errorMessage(err));
        }
      },
    });
  };

  const columns: TableColumnsType<CatalogueEntry> = [
    { title: '分组', dataIndex: 'group', key: 'group', width: 120, render: (g: string) => <Tag>{g}</Tag> },
    {
      title: '组件名称',
      dataIndex: 'name',
      key: 'name',
      render: (n: string, e) => (
        <span className="atr-app-name">
          {n}
          <span className="atr-muted">（默认标题：{e.alias}）</span>
        </span>
      ),
    },
    { title: '组件值', dataIndex: 'value', key: 'value', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    {
      title: '参数',
      key: 'params',
      width: 220,
      ellipsis: true,
      render: (_: unknown, e) => (e.params.length ? e.params.map((p) => p.name).join('、') : <span className="atr-muted">无</span>),
    },
    { title: '需要登录', dataIndex: 'isNeedLogin', key: 'isNeedLogin', width: 90, render: (b: boolean) => (b ? <Tag color="orange">是</Tag> : '否') },
    {
      title: MSG.actions,
      key: 'actions',
      width: 150,
      render: (_: unknown, e) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(e)}>
            {MSG.edit}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(e)}>
            {MSG.delete}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-console__page">
      <PageHead title={MSG.xmodules} hint={MSG.xmodulesHint}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {MSG.newXmodule}
        </Button>
      </PageHead>
      <div className="atr-panel-card">
        <Table<CatalogueEntry>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText: list.isError ? <Empty description={errorMessage(list.error)} /> : <Empty description={MSG.noXmodules} /> }}
        />
      </div>
      {editing !== null && (
        <EntryModal
          entry={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
          }}
        />
      )}
    </div>
  );
}

/** The dialog of one entry. */
function EntryModal({ entry, onClose, onSaved }: { entry?: CatalogueEntry; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<EntryFormValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as EntryFormValues;
    // the server's checks and messages, in the form before anything is sent (decision 435)
    const refused = entryFormErrors(values);
    if (refused.length) {
      form.setFields(refused);
      return;
    }
    const body = fromFormValues(values);
    setSaving(true);
    try {
      const r = entry ? await api.put('/api/v1/xmodules/{id}', { params: { id: entry.id }, body }) : await api.post('/api/v1/xmodules', { body });
      message.success(r.message ?? (entry ? MSG.xmoduleSaved : MSG.xmoduleCreated));
      onSaved();
    } catch (err) {
      if (!applyPathErrors(form, err, undefined, formPathOf)) {
        // a refusal without fields (409: the key is taken) goes on the key
        form.setFields([{ name: 'moduleName', errors: [errorMessage(err)] }]);
      }
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={CATALOGUE_DIALOG_WIDTH}
      title={entry ? `${MSG.editXmodule} · ${entry.name}` : MSG.newXmodule}
      okText={MSG.save}
      cancelText={MSG.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', paddingRight: 8 } }}
    >
      <Form<EntryFormValues> form={form} layout="vertical" initialValues={toFormValues(entry)} onFinish={() => void submit()}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="moduleName" label="组件标识（渲染器）" required extra="如 search-box、stats">
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="type" label="组件类型" required extra="如 default">
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="group" label="分组" required>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="name" label="组件名称" required>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="alias" label="默认标题" required>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="more" label="默认“更多”链接">
              <Input placeholder="https://… 或 /站内路径" allowClear />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="isNeedLogin" label="需要登录" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <ParamsEditor form={form} />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** The list editor of an entry's params (Form.List 'params'). */
function ParamsEditor({ form }: { form: FormInstance<EntryFormValues> }) {
  const params = (Form.useWatch('params', form) as ParamFormValues[] | undefined) ?? [];
  return (
    <Form.List name="params">
      {(fields, { add, remove, move }) => (
        <div className="atr-x-params">
          <Typography.Title level={5} style={{ margin: '8px 0 12px' }}>
            参数（{fields.length}）
          </Typography.Title>
          {fields.map((f, i) => {
            const p = params[i] ?? ({} as ParamFormValues);
            const type = p.type ?? 'input';
            const choice = type === 'select' || type === 'radio';
            const others = params.filter((_, j) => j !== i && params[j]?.field).map((x) => ({ value: x.field, label: `${x.name || x.field}（${x.field}）` }));
            const op = p.isShowUi?.op ?? 'always';
            return (
              <Card
                key={f.key}
                size="small"
                style={{ marginBottom: 12 }}
                title={`参数 ${i + 1}${p.name ? ` · ${p.name}` : ''}`}
                extra={
                  <Space size={0}>
                    <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label="上移" disabled={i === 0} onClick={() => move(i, i - 1)} />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label="下移"
                      disabled={i === fields.length - 1}
                      onClick={() => move(i, i + 1)}
                    />
                    <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除参数" onClick={() => remove(i)} />
                  </Space>
                }
              >
                <Row gutter={12}>
                  <Col span={8}>
                    <Form.Item name={[f.name, 'field']} label="字段名" required>
                      <Input placeholder="如 buttonText" />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name={[f.name, 'name']} label="参数名称" required>
                      <Input maxLength={40} />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name={[f.name, 'type']} label="类型" required>
                      <Select
                        options={PARAM_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
                        onChange={(t: ParamType) => form.setFieldValue(['params', f.name, 'defaultValue'], t === 'switch' ? false : null)}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[f.name, 'rule', 'required']} label="必填" valuePropName="checked">
                      <Switch size="small" />
                    </Form.Item>
                  </Col>
                  {(type === 'input' || type === 'number') && (
                    <>
                      <Col span={5}>
                        <Form.Item name={[f.name, 'rule', 'min']} label={type === 'number' ? '最小值' : '最少字数'}>
                          <InputNumber style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                      <Col span={5}>
                        <Form.Item name={[f.name, 'rule', 'max']} label={type === 'number' ? '最大值' : '最多字数'}>
                          <InputNumber style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                    </>
                  )}
                  {type === 'input' && (
                    <Col span={10}>
                      <Form.Item name={[f.name, 'rule', 'pattern']} label="正则规则" extra="整段文字须匹配">
                        <Input placeholder="如 (https?://|/)\S+" />
                      </Form.Item>
                    </Col>
                  )}
                  <Col span={12}>
                    <Form.Item name={[f.name, 'rule', 'message']} label="规则不满足时的提示">
                      <Input maxLength={100} placeholder="留空则使用默认提示" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name={[f.name, 'defaultValue']} label="默认值" valuePropName={type === 'switch' ? 'checked' : 'value'}>
                      {type === 'switch' ? (
                        <Switch size="small" />
                      ) : type === 'number' ? (
                        <InputNumber style={{ width: '100%' }} />
                      ) : (
                        <Input placeholder={choice ? '填写某个选项的值' : undefined} />
                      )}
                    </Form.Item>
                  </Col>
                  {choice && (
                    <Col span={24}>
                      <Form.Item name={[f.name, 'optionSource']} label="选项来源" initialValue="static">
                        <Radio.Group
                          options={[
                            { value: 'static', label: '固定选项' },
                            { value: 'url', label: '站内地址（异步加载）' },
                          ]}
                        />
                      </Form.Item>
                      {p.optionSource === 'url' ? (
                        <Form.Item name={[f.name, 'optionsUrl']} label="选项地址" extra="站内 GET 地址，返回 [{ label, value }]">
                          <Input placeholder="/api/v1/xmodules/options/resource-types" />
                        </Form.Item>
                      ) : (
                        <Form.List name={[f.name, 'options']}>
                          {(opts, ops) => (
                            <div style={{ marginBottom: 12 }}>
                              {opts.map((o) => (
                                <Space key={o.key} align="baseline" style={{ display: 'flex' }}>
                                  <Form.Item name={[o.name, 'label']} style={{ marginBottom: 8 }}>
                                    <Input placeholder="选项名称" />
                                  </Form.Item>
                                  <Form.Item name={[o.name, 'value']} style={{ marginBottom: 8 }}>
                                    <Input placeholder="选项值" />
                                  </Form.Item>
                                  <MinusCircleOutlined aria-label="删除选项" onClick={() => ops.remove(o.name)} />
                                </Space>
                              ))}
                              <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => ops.add({ label: '', value: '' })}>
                                添加选项
                              </Button>
                            </div>
                          )}
                        </Form.List>
                      )}
                    </Col>
                  )}
                  <Col span={12}>
                    <Form.Item name={[f.name, 'tips']} label="提示说明">
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name={[f.name, 'attrs', 'placeholder']} label="占位文字">
                      <Input maxLength={100} />
                    </Form.Item>
                  </Col>
                  {type === 'input' && (
                    <>
                      <Col span={6}>
                        <Form.Item name={[f.name, 'attrs', 'rows']} label="行数" extra="大于 1 为多行">
                          <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item name={[f.name, 'attrs', 'maxLength']} label="输入长度上限">
                          <InputNumber min={1} max={2000} precision={0} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                    </>
                  )}
                  <Col span={24}>
                    <Space align="start" wrap>
                      <Form.Item name={[f.name, 'isShowUi', 'op']} label="显示条件" initialValue="always">
                        <Select
                          style={{ width: 140 }}
                          options={[
                            { value: 'always', label: '总是显示' },
                            { value: 'equals', label: '当参数等于' },
                            { value: 'notEquals', label: '当参数不等于' },
                            { value: 'in', label: '当参数属于' },
                          ]}
                        />
                      </Form.Item>
                      {op !== 'always' && (
                        <>
                          <Form.Item name={[f.name, 'isShowUi', 'field']} label="参数">
                            <Select style={{ width: 200 }} options={others} placeholder="选择另一个参数" />
                          </Form.Item>
                          <Form.Item name={[f.name, 'isShowUi', 'value']} label={op === 'in' ? '值（逗号分隔）' : '值'}>
                            <Input style={{ width: 180 }} />
                          </Form.Item>
                        </>
                      )}
                    </Space>
                  </Col>
                </Row>
              </Card>
            );
          })}
          <Button
            block
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ field: '', name: '', type: 'input', rule: {}, optionSource: 'static', options: [], isShowUi: { op: 'always' }, attrs: {} })}
          >
            添加参数
          </Button>
        </div>
      )}
    </Form.List>
  );
}
