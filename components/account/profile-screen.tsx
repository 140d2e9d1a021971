'use client';

import { PasswordInput } from '@/components/common/password-input';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import type { FormInstance } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { NewPasswordFields } from '@/components/common/new-password-fields';
import { useUnsavedChanges } from '@/components/crud/unsaved-changes';
import { isOk } from '@/lib/api/resource';
import { http, isFailure } from '@/lib/http';
import { AVATAR_MESSAGE, isImageUrl, PHONE_PATTERN } from '@/lib/resources/common';
import { rules } from '@/lib/validation';
import { useUserStore } from '@/stores/user';
import { useSearchParams } from 'next/navigation';
import { SessionsCard, TwoStepCard } from './security-cards';
import type { z } from 'zod';
import type { profileRecord } from '@/lib/resources/schemas/users';

/** GET/PUT /api/profile (server/routes/profile.ts). */
type Profile = z.output<typeof profileRecord>;

interface ProfileValues {
  name: string;
  phone: string;
  email: string;
  avatar: string;
}

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirm: string;
}

/** Puts the server's field errors on the form's fields; returns the messages no field shows. */
function applyFieldErrors(form: FormInstance, fields: readonly string[], errors: Record<string, string> | undefined): string[] {
  const entries = Object.entries(errors ?? {});
  form.setFields(entries.filter(([name]) => fields.includes(name)).map(([name, text]) => ({ name, errors: [text] })));
  return entries.filter(([name]) => !fields.includes(name)).map(([, text]) => text);
}

/** 个人资料: every signed-in user edits their own details and password. */
export function ProfileScreen() {
  const [profile, setProfile] = useState<Profile | null>(null);
  // `?totp=setup`: a super-administrator's first sign-in asks them to enrol (issue 26).
  const askTotp = useSearchParams().get('totp') === 'setup';
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    const reply = await http.main.get<Profile>('/api/profile', { _t: Date.now() });
    if (isOk(reply)) setProfile(reply.data);
    else setFailed(true);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <Card title="基本资料">
          {profile ? (
            <ProfileForm profile={profile} onSaved={setProfile} />
          ) : failed ? (
            <Result status="warning" title="资料加载失败" subTitle="请检查网络后重试" extra={<Button onClick={() => void load()}>重新加载</Button>} />
          ) : (
            <Skeleton active avatar paragraph={{ rows: 8 }} />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="修改密码">
          <PasswordForm />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        {profile ? <TwoStepCard state={profile} askNow={askTotp} onChanged={() => void load()} /> : <Card title="两步验证" loading />}
      </Col>
      <Col xs={24} xl={12}>
        <SessionsCard />
      </Col>
    </Row>
  );
}

function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { message } = useApp();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false); // Enter in a field can submit again before `saving` re-renders
  const avatar = (Form.useWatch('avatar', form) ?? '').trim();
  const name = Form.useWatch('name', form) ?? profile.name;
  const avatarPreview = isImageUrl(avatar) ? avatar : undefined;
  const [isDirty, setDirty] = useState(false);
  useUnsavedChanges(isDirty);

  const initial: ProfileValues = { name: profile.name, phone: profile.phone ?? '', email: profile.email ?? '', avatar: profile.avatar ?? '' };

  /** Back to the last saved values (`initialValues` only hold the first ones). */
  const undo = () => {
    form.setFields((Object.keys(initial) as (keyof ProfileValues)[]).map((field) => ({ name: field, value: initial[field], errors: [] })));
    setDirty(false);
  };

  const onFinish = async (values: ProfileValues) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    const body: ProfileValues = {
      name: values.name.trim(),
      phone: (values.phone ?? '').trim(),
      email: (values.email ?? '').trim(),
      avatar: (values.avatar ?? '').trim(),
    };
    const reply = await http.main.put<Profile>('/api/profile', body);
    savingRef.current = false;
    setSaving(false);
    if (isOk(reply)) {
      onSaved(reply.data);
      form.setFieldsValue({ name: reply.data.name, phone: reply.data.phone, email: reply.data.email, avatar: reply.data.avatar });
      useUserStore.getState().setInfo({ name: reply.data.name, avatar: reply.data.avatar });
      setDirty(false);
      void message.success('个人资料已保存');
    } else if (!isFailure(reply)) {
      const rest = applyFieldErrors(form, ['name', 'phone', 'email', 'avatar'], reply.errors);
      if (rest.length > 0) void message.error(rest[0]);
    }
  };

  return (
    <>
      <Space size={16} align="center" style={{ marginBottom: 20 }}>
        <Avatar size={64} src={avatarPreview} icon={<UserOutlined aria-hidden />} alt="头像预览" data-testid="avatar-preview" />
        <div>
          <Typography.Text strong style={{ display: 'block', fontSize: 16 }}>
            {name || profile.username}
          </Typography.Text>
          <Typography.Text type="secondary">{profile.username}</Typography.Text>
        </div>
      </Space>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'username', label: '用户名', children: profile.username },
          { key: 'department', label: '部门', children: profile.departmentName ?? '未分配' },
          {
            key: 'role',
            label: '角色',
            children: (
              <Space size={4} wrap>
                {profile.roleName ?? (profile.isSuper ? null : '未分配')}
                {profile.isSuper && <Tag color="gold">超级管理员</Tag>}
              </Space>
            ),
          },
          { key: 'lastLogin', label: '上次登录', children: profile.lastLoginAt ? dayjs(profile.lastLoginAt).format('YYYY-MM-DD HH:mm:ss') : '—' },
        ]}
      />
      <Form
        form={form}
        name="profile"
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
        onValuesChange={() => setDirty(true)}
        disabled={saving}
        requiredMark
      >
        <Form.Item
          name="name"
          label="姓名"
          rules={[
            { required: true, whitespace: true, message: '请输入姓名' },
            { max: 64, message: '姓名不能超过 64 个字符' },
          ]}
        >
          <Input placeholder="显示在页头的称呼" maxLength={64} showCount autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="电话"
          rules={[
            { max: 32, message: '电话不能超过 32 个字符' },
            { pattern: PHONE_PATTERN, message: '请输入有效的电话号码' },
          ]}
        >
          <Input placeholder="选填，如 13800138000 或 010-12345678" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[{ ...rules.email('邮箱'), message: '请输入有效的邮箱地址' }]}>
          <Input placeholder="选填，如 name@example.com" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="avatar"
          label="头像地址"
          extra="选填：http(s) 链接或本站上传的图片（/uploads/…），上方会显示预览"
          rules={[
            { max: 512, message: '头像地址不能超过 512 个字符' },
            { validator: (_, v?: string) => (!v?.trim() || isImageUrl(v.trim()) ? Promise.resolve() : Promise.reject(new Error(AVATAR_MESSAGE))) },
          ]}
        >
          <Input placeholder="https://… 或 /uploads/…" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存资料
          </Button>
          <Button onClick={undo}>撤销修改</Button>
        </Space>
      </Form>
    </>
  );
}

function PasswordForm() {
  const { message } = useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [isDirty, setDirty] = useState(false);
  useUnsavedChanges(isDirty);

  const onFinish = async (values: PasswordValues) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    const reply = await http.main.put<{ dingtalkUnbound: boolean }>('/api/profile/password', {
      currentPassword: values.currentPassword,
      password: values.password,
    });
    savingRef.current = false;
    setSaving(false);
    if (isOk(reply)) {
      form.resetFields();
      setDirty(false);
      void message.success(
        reply.data.dingtalkUnbound ? '密码已修改，其他设备上的登录已失效，钉钉绑定已解除（需要时请重新绑定）' : '密码已修改，其他设备上的登录已失效',
      );
    } else if (!isFailure(reply)) {
      const rest = applyFieldErrors(form, ['currentPassword', 'password'], reply.errors);
      if (rest.length > 0) void message.error(rest[0]);
    }
  };

  return (
    <Form
      form={form}
      name="password"
      layout="vertical"
      onFinish={onFinish}
      onValuesChange={() => setDirty(true)}
      disabled={saving}
      requiredMark
      style={{ maxWidth: 480 }}
    >
      <Typography.Paragraph type="secondary">
        修改后，除当前浏览器外，其他设备上的登录都会失效，需要用新密码重新登录；已绑定的钉钉账号也会解除绑定。
      </Typography.Paragraph>
      <Form.Item name="currentPassword" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
        <PasswordInput prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields differentFrom="currentPassword" prefixIcon={<LockOutlined aria-hidden />} />
      <Button type="primary" htmlType="submit" loading={saving}>
        修改密码
      </Button>
    </Form>
  );
}
