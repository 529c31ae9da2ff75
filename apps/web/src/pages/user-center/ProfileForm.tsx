import { useState } from 'react';
import Button from '../../components/plain/Button';
import { FormItem, TextField } from '../../components/plain/Form';
import { useForm, useFormSubmit, type FormRules } from '../../components/plain/useForm';
import TagsInput from '../../components/TagsInput';
import { GENDERS, nameTextProblem, type CurrentUser } from '../../lib/contract';
import { MAX_COMMON_TAGS, PROFILE_COUNTER_LIMIT, SUGGESTED_TAGS } from '../../config';
import { modifyUser } from '../../api/users';
import { refreshCurrentUser, useUserStore } from '../../stores/user';
import AvatarUpload from './AvatarUpload';
import {
  changeTags,
  cutProfile,
  normalizeTags,
  profileLength,
  TAGS_FULL_MESSAGE,
  tagsOf,
} from '../../lib/profile';
import { notify } from '../../lib/notify';
import { formatDate } from '../../lib/contestTime';
import './profile-form.css';

const FIELDS = ['username', 'gender', 'birth', 'school', 'phone', 'email', 'url', 'profile'] as const;
type Field = (typeof FIELDS)[number];

const RULES: FormRules<Field> = {
  username: [
    { required: true, message: '昵称不能为空' },
    { max: 20, message: '昵称最多 20 个字符' },
    { problem: nameTextProblem, message: '昵称' },
  ],
  school: [
    { max: 50, message: '学校名称最多 50 个字符' },
    { problem: nameTextProblem, message: '学校' },
  ],
  phone: [{ pattern: /^[0-9+\- ]{0,20}$/, message: '电话号码只能包含数字、+、- 和空格' }],
  email: [{ type: 'email', message: '邮箱格式不正确' }],
  url: [{ type: 'url', message: '请输入完整的网址，例如 https://example.com' }],
};

const toValues = (u: CurrentUser): Record<Field, string> => ({
  username: u.username,
  gender: u.gender || '',
  birth: u.birth ? u.birth.slice(0, 10) : '',
  school: u.school,
  phone: u.phone,
  email: u.email,
  url: u.url,
  profile: u.profile,
});

/**
 * The 用户中心 profile form of SPEC §2/§5, on the plain form parts: antd's Form, DatePicker, Select
 * and Upload were ~145 KB brotli for this one form. The birthday is the browser's date input.
 */
export default function ProfileForm() {
  const user = useUserStore((s) => s.user);
  const setUser = useUserStore((s) => s.setUser);
  const form = useForm('profile', FIELDS, RULES, toValues(user));
  const [tags, setTags] = useState(() => tagsOf(user));

  const { busy, onSubmit } = useFormSubmit(form, async (v) => {
    const saved = await modifyUser({
      username: v.username.trim(),
      gender: v.gender as (typeof GENDERS)[number] | '',
      birth: v.birth,
      school: v.school.trim(),
      phone: v.phone.trim(),
      email: v.email.trim(),
      url: v.url.trim(),
      profile: cutProfile(v.profile),
      tag_list: normalizeTags(tags),
    });
    setUser(saved);
    form.reset(toValues(saved));
    setTags(tagsOf(saved));
    notify.success('恭喜，你已经成功修改你的信息');
  });

  const onAvatar = async (url: string) => {
    // The server records an uploaded avatar as the user's avatar; refresh to show exactly what it kept.
    const fresh = await refreshCurrentUser();
    if (!fresh.avatar) setUser({ ...fresh, avatar: url });
  };

  // The date and the text box are bare elements: without TextInput's `invalid` prop.
  const { invalid: birthInvalid, ...birth } = form.input('birth');
  const { invalid: profileInvalid, ...profile } = form.input('profile');

  const changeTagList = (next: string[]) => {
    const { tags: kept, refused } = changeTags(next, tags);
    if (refused) notify.warning(TAGS_FULL_MESSAGE);
    setTags(kept);
  };

  return (
    <form id="profile" className="oj-form-horizontal" onSubmit={onSubmit} noValidate>
      <FormItem label="头像">
        <AvatarUpload value={user.avatar} onUploaded={onAvatar} />
      </FormItem>
      <TextField form={form} name="username" label="昵称" placeholder="填写你的昵称（必填项）" />
      <FormItem label="性别">
        <div className="oj-radio-group" role="radiogroup" aria-label="性别">
          {GENDERS.map((g) => (
            <label key={g} className="oj-radio">
              <input
                type="radio"
                name="gender"
                value={g}
                checked={form.values.gender === g}
                onChange={() => form.setValue('gender', g)}
              />
              {g}
            </label>
          ))}
        </div>
      </FormItem>
      <FormItem label="生日" {...form.item('birth')}>
        <input
          {...birth}
          type="date"
          aria-invalid={birthInvalid || undefined}
          className="oj-input oj-date-input"
          // No birthday after today (the browser's day, as the date input counts).
          max={formatDate(Date.now())}
          aria-label="生日"
        />
      </FormItem>
      <TextField form={form} name="school" label="学校" placeholder="你的学校" />
      <TextField form={form} name="phone" label="联系电话" placeholder="手机号或座机" />
      <TextField form={form} name="email" label="邮箱" placeholder="常用邮箱" />
      <TextField form={form} name="url" label="个人网站" placeholder="https://" />
      <FormItem label="个人简介" {...form.item('profile')}>
        <div className="oj-textarea-count">
          <textarea
            {...profile}
            aria-invalid={profileInvalid || undefined}
            onChange={(e) => form.setValue('profile', cutProfile(e.target.value))}
            className="oj-input oj-textarea"
            rows={3}
            placeholder="介绍一下你自己"
          />
          <span>
            {profileLength(form.values.profile)}/{PROFILE_COUNTER_LIMIT}
          </span>
        </div>
      </FormItem>
      <FormItem label="常用标签" htmlFor="profile_tag_list">
        <TagsInput
          id="profile_tag_list"
          data-testid="tags-select"
          value={tags}
          onChange={changeTagList}
          suggestions={SUGGESTED_TAGS}
          placeholder="例如：C++、算法"
        />
        <div className="oj-form-extra">最多 {MAX_COMMON_TAGS} 个，可从建议中选择或输入后回车</div>
      </FormItem>
      <div className="oj-form-actions">
        <Button type="primary" htmlType="submit" loading={busy}>
          保存修改
        </Button>
      </div>
    </form>
  );
}
