import { useState } from 'react';
import { DatePicker, Form, Input, Radio } from 'antd';
import Button from '../../components/plain/Button';
import dayjs, { type Dayjs } from 'dayjs';
import { GENDERS, type CurrentUser } from '../../lib/contract';
import { MAX_COMMON_TAGS, PROFILE_COUNTER_LIMIT, SUGGESTED_TAGS } from '../../config';
import { modifyUser } from '../../api/users';
import { refreshCurrentUser, useUserStore } from '../../stores/user';
import AvatarUpload from './AvatarUpload';
import TagsSelect from '../../components/TagsSelect';
import {
  changeTags,
  cutProfile,
  normalizeTags,
  profileLength,
  TAGS_FULL_MESSAGE,
  tagsOf,
} from '../../lib/profile';
import { notify } from '../../lib/notify';
import { nameRule } from '../../lib/nameRule';

interface ProfileValues {
  username: string;
  gender?: string;
  birth?: Dayjs | null;
  school?: string;
  phone?: string;
  email?: string;
  url?: string;
  profile?: string;
  tag_list?: string[];
}

const toValues = (u: CurrentUser): ProfileValues => ({
  username: u.username,
  gender: u.gender || undefined,
  birth: u.birth ? dayjs(u.birth) : null,
  school: u.school,
  phone: u.phone,
  email: u.email,
  url: u.url,
  profile: u.profile,
  tag_list: tagsOf(u),
});

/** The 用户中心 profile form of SPEC §2/§5. */
export default function ProfileForm() {
  const user = useUserStore((s) => s.user);
  const setUser = useUserStore((s) => s.setUser);
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);

  const onAvatar = async (url: string) => {
    // The server records an uploaded avatar as the user's avatar; refresh to show exactly what it kept.
    const fresh = await refreshCurrentUser();
    if (!fresh.avatar) setUser({ ...fresh, avatar: url });
  };

  const onFinish = async (v: ProfileValues) => {
    setSaving(true);
    try {
      const saved = await modifyUser({
        username: v.username.trim(),
        gender: (v.gender as (typeof GENDERS)[number] | undefined) ?? '',
        birth: v.birth ? v.birth.format('YYYY-MM-DD') : '',
        school: v.school?.trim() ?? '',
        phone: v.phone?.trim() ?? '',
        email: v.email?.trim() ?? '',
        url: v.url?.trim() ?? '',
        profile: cutProfile(v.profile),
        tag_list: normalizeTags(v.tag_list),
      });
      setUser(saved);
      form.setFieldsValue(toValues(saved));
      notify.success('恭喜，你已经成功修改你的信息');
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 18 }}
      initialValues={toValues(user)}
      onFinish={onFinish}
      name="profile"
    >
      <Form.Item label="头像">
        <AvatarUpload value={user.avatar} onUploaded={onAvatar} />
      </Form.Item>
      <Form.Item
        name="username"
        label="昵称"
        rules={[
          { required: true, whitespace: true, message: '昵称不能为空' },
          { max: 20, message: '昵称最多 20 个字符' },
          nameRule('昵称'),
        ]}
      >
        <Input placeholder="填写你的昵称（必填项）" />
      </Form.Item>
      <Form.Item name="gender" label="性别">
        <Radio.Group options={GENDERS.map((g) => ({ label: g, value: g }))} />
      </Form.Item>
      <Form.Item name="birth" label="生日">
        <DatePicker placeholder="选择生日" style={{ width: 180 }} disabledDate={(d) => d.isAfter(dayjs())} />
      </Form.Item>
      <Form.Item
        name="school"
        label="学校"
        rules={[{ max: 50, message: '学校名称最多 50 个字符' }, nameRule('学校')]}
      >
        <Input placeholder="你的学校" />
      </Form.Item>
      <Form.Item
        name="phone"
        label="联系电话"
        rules={[{ pattern: /^[0-9+\- ]{0,20}$/, message: '电话号码只能包含数字、+、- 和空格' }]}
      >
        <Input placeholder="手机号或座机" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
        <Input placeholder="常用邮箱" />
      </Form.Item>
      <Form.Item
        name="url"
        label="个人网站"
        rules={[{ type: 'url', message: '请输入完整的网址，例如 https://example.com' }]}
      >
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="profile" label="个人简介" normalize={(v: string) => cutProfile(v)}>
        <Input.TextArea
          rows={3}
          placeholder="介绍一下你自己"
          showCount={{ formatter: ({ value }) => `${profileLength(value)}/${PROFILE_COUNTER_LIMIT}` }}
        />
      </Form.Item>
      <Form.Item
        name="tag_list"
        label="常用标签"
        normalize={(v: string[], prev: string[] | undefined) => {
          const { tags, refused } = changeTags(v, prev);
          if (refused) notify.warning(TAGS_FULL_MESSAGE);
          return tags;
        }}
        extra={`最多 ${MAX_COMMON_TAGS} 个，可从建议中选择或输入后回车`}
      >
        <TagsSelect
          data-testid="tags-select"
          placeholder="例如：C++、算法"
          options={SUGGESTED_TAGS.map((t) => ({ label: t, value: t }))}
        />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存修改
        </Button>
      </Form.Item>
    </Form>
  );
}
