import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Alert from './Alert';
import Button from './Button';
import Empty from './Empty';
import { FormItem, TextInput } from './Form';
import Skeleton from './Skeleton';
import Switch from './Switch';
import { CheckableTag, Tag } from './Tag';
import Result from './Result';
import Card from './Card';
import Progress from './Progress';
import Popconfirm from './Popconfirm';
import { Typography } from './Typography';

// The plain parts stand in for antd's on the user site: pages and tests rely on the attributes they
// pass on (data-testid, data-filled …), on their roles and states, and on antd's defaults.
describe('plain parts', () => {
  it('Tag: preset colours by class, other colours as a solid background, data-* passed on', () => {
    expect(renderToStaticMarkup(h(Tag, { color: 'green' }, '已报名'))).toBe(
      '<span class="oj-tag oj-tag-green">已报名</span>',
    );
    const custom = renderToStaticMarkup(h(Tag, { color: '#ff0000', bordered: false }, 'x'));
    expect(custom).toContain('oj-tag-custom oj-tag-borderless');
    expect(custom).toContain('background:#ff0000');
    const slot = renderToStaticMarkup(
      h(Tag, { 'data-testid': 'answer-slot', 'data-filled': 'yes', 'data-test': 2 }, '测试点 2'),
    );
    expect(slot).toContain('data-testid="answer-slot"');
    expect(slot).toContain('data-filled="yes"');
    expect(slot).toContain('data-test="2"');
    expect(renderToStaticMarkup(h(Tag, { closable: true }, 'DP'))).toContain('aria-label="移除"');
    expect(renderToStaticMarkup(h(Tag, { closable: true, closeLabel: '取消只看此用户' }, 'x'))).toContain(
      'aria-label="取消只看此用户"',
    );
  });

  it('CheckableTag: a keyboard-reachable toggle that says whether it is on', () => {
    const on = renderToStaticMarkup(h(CheckableTag, { checked: true }, '简单'));
    expect(on).toContain('role="button"');
    expect(on).toContain('aria-pressed="true"');
    expect(on).toContain('oj-tag-checkable-checked');
    expect(renderToStaticMarkup(h(CheckableTag, { checked: false }, '简单'))).toContain(
      'aria-pressed="false"',
    );
  });

  it('Button: a type="button" unless told, a link with href, loading shows the spinner', () => {
    const plain = renderToStaticMarkup(h(Button, { type: 'primary', 'data-testid': 'go' }, '提交'));
    expect(plain).toMatch(/^<button /);
    expect(plain).toContain('type="button"');
    expect(plain).toContain('oj-btn oj-btn-primary');
    expect(plain).toContain('data-testid="go"');
    expect(renderToStaticMarkup(h(Button, { htmlType: 'submit' }, '登录'))).toContain('type="submit"');
    const link = renderToStaticMarkup(h(Button, { href: '/problems', target: '_blank' }, '题库'));
    expect(link).toMatch(/^<a /);
    expect(link).toContain('href="/problems"');
    const loading = renderToStaticMarkup(h(Button, { loading: true }, '保存'));
    expect(loading).toContain('oj-btn-loading');
    expect(loading).toContain('anticon-loading');
    expect(renderToStaticMarkup(h(Button, { href: '/x', disabled: true }, 'x'))).not.toContain('href=');
  });

  it('Switch: role="switch" with aria-checked, and its label for the state', () => {
    const on = renderToStaticMarkup(
      h(Switch, { checked: true, checkedChildren: '开启', unCheckedChildren: '关闭', 'data-testid': 's' }),
    );
    expect(on).toContain('role="switch"');
    expect(on).toContain('aria-checked="true"');
    expect(on).toContain('开启');
    expect(on).toContain('data-testid="s"');
    expect(renderToStaticMarkup(h(Switch, { checked: false, unCheckedChildren: '关闭' }))).toContain('关闭');
  });

  it("Empty and Skeleton: antd's defaults (暂无数据; three rows, two beside an avatar)", () => {
    const empty = renderToStaticMarkup(h(Empty, { 'data-testid': 'problems-hidden' }));
    expect(empty).toContain('暂无数据');
    expect(empty).toContain('data-testid="problems-hidden"');
    expect(renderToStaticMarkup(h(Empty, { description: false }))).not.toContain('oj-empty-description');
    expect(renderToStaticMarkup(h(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE }))).toContain(
      'oj-empty-simple',
    );
    const rows = (html: string) => html.split('oj-skeleton-row').length - 1;
    expect(rows(renderToStaticMarkup(h(Skeleton, { active: true })))).toBe(3);
    expect(rows(renderToStaticMarkup(h(Skeleton, { avatar: true })))).toBe(2);
    expect(rows(renderToStaticMarkup(h(Skeleton, { paragraph: { rows: 8 } })))).toBe(8);
  });

  it('form parts: a labelled item with its message as an alert, inputs that pass their props on', () => {
    const item = renderToStaticMarkup(
      h(FormItem, {
        label: '账号',
        htmlFor: 'f_account',
        required: true,
        error: '请输入账号',
        children: 'x',
      }),
    );
    expect(item).toContain('<label for="f_account" class="oj-form-label oj-form-required">账号</label>');
    expect(item).toContain('<div class="oj-form-error" role="alert">请输入账号</div>');
    expect(renderToStaticMarkup(h(FormItem, { label: '账号', children: 'x' }))).not.toContain(
      'oj-form-error',
    );
    const password = renderToStaticMarkup(
      h(TextInput, { type: 'password', invalid: true, placeholder: '密码', 'data-testid': 'old-password' }),
    );
    expect(password).toContain('type="password"');
    expect(password).toContain('aria-invalid="true"');
    expect(password).toContain('data-testid="old-password"');
    expect(password).toContain('aria-label="显示密码"'); // the eye
    expect(renderToStaticMarkup(h(TextInput, { placeholder: '账号' }))).not.toContain('显示密码');
  });

  it('Alert: role alert, its kind, the description only when given', () => {
    const info = renderToStaticMarkup(h(Alert, { message: '请先登录', 'data-testid': 'login-reason' }));
    expect(info).toContain('class="oj-alert oj-alert-info" role="alert" data-testid="login-reason"');
    expect(info).not.toContain('oj-alert-description');
    const error = renderToStaticMarkup(h(Alert, { type: 'error', message: '失败', description: '原因' }));
    expect(error).toContain('oj-alert-error oj-alert-with-description');
    expect(error).toContain('<div class="oj-alert-description">原因</div>');
  });

  it('Typography: a heading of its level, toned text, code and strong, the copy button, the clamp', () => {
    expect(
      renderToStaticMarkup(h(Typography.Title, { level: 4, 'data-testid': 't', children: '题单' })),
    ).toBe('<h4 class="oj-typo oj-typo-title" data-testid="t">题单</h4>');
    expect(renderToStaticMarkup(h(Typography.Title, { children: 'x' }))).toContain('<h1');
    const text = renderToStaticMarkup(
      h(Typography.Text, { type: 'secondary', strong: true, code: true, children: 'a' }),
    );
    expect(text).toBe('<span class="oj-typo oj-typo-secondary"><strong><code>a</code></strong></span>');
    const copy = renderToStaticMarkup(h(Typography.Text, { copyable: true, children: 'ABC123' }));
    expect(copy).toContain('aria-label="复制"');
    const cut = renderToStaticMarkup(h(Typography.Text, { ellipsis: { tooltip: '全文' }, children: '全…' }));
    expect(cut).toContain('oj-typo-ellipsis');
    expect(cut).toContain('title="全文"');
    const para = renderToStaticMarkup(
      h(Typography.Paragraph, { ellipsis: { rows: 2 }, style: { marginBottom: 0 }, children: 'p' }),
    );
    expect(para).toContain('oj-typo-paragraph oj-typo-clamp');
    expect(para).toContain('-webkit-line-clamp:2');
    expect(para).toContain('margin-bottom:0');
    expect(renderToStaticMarkup(h(Typography.Link, { children: '查看' }))).toContain('<button type="button"');
  });

  it('Result: its status as a class and an icon, title, subtitle and actions only when given', () => {
    const r = renderToStaticMarkup(
      h(Result, {
        status: '404',
        title: '题单不存在',
        extra: h(Button, { children: '返回' }),
        'data-testid': 'gone',
      }),
    );
    expect(r).toContain('class="oj-result oj-result-404 " data-testid="gone"');
    expect(r).toContain('<div class="oj-result-title">题单不存在</div>');
    expect(r).toContain('oj-result-extra');
    expect(r).not.toContain('oj-result-subtitle');
    expect(r).toContain('aria-hidden="true"');
  });

  it('Card: the head only with a title or extra, small and hoverable by class, a skeleton while loading', () => {
    const bare = renderToStaticMarkup(h(Card, { 'data-testid': 'c', children: 'x' }));
    expect(bare).toBe('<div class="oj-card" data-testid="c"><div class="oj-card-body">x</div></div>');
    const small = renderToStaticMarkup(
      h(Card, { title: '课程', extra: 'e', size: 'small', hoverable: true, children: 'x' }),
    );
    expect(small).toContain('class="oj-card oj-card-small oj-card-hoverable"');
    expect(small).toContain('<div class="oj-card-title">课程</div><div class="oj-card-extra">e</div>');
    expect(renderToStaticMarkup(h(Card, { loading: true, children: 'x' }))).not.toContain('>x<');
    const meta = renderToStaticMarkup(h(Card.Meta, { title: 't', description: 'd' }));
    expect(meta).toContain('oj-card-meta-title">t<');
    expect(meta).toContain('oj-card-meta-description">d<');
  });

  it('Progress: the bar at the percentage (kept within 0–100), its text, green when done', () => {
    const half = renderToStaticMarkup(h(Progress, { percent: 50, size: 'small', 'data-testid': 'p' }));
    expect(half).toContain('class="oj-progress oj-progress-normal oj-progress-small" data-testid="p"');
    expect(half).toContain('aria-valuenow="50"');
    expect(half).toContain('width:50%');
    expect(half).toContain('>50%<');
    const done = renderToStaticMarkup(h(Progress, { percent: 140, format: () => '3/3' }));
    expect(done).toContain('oj-progress-success');
    expect(done).toContain('aria-valuenow="100"');
    expect(done).toContain('>3/3<');
    expect(renderToStaticMarkup(h(Progress, { percent: 10, showInfo: false }))).not.toContain(
      'oj-progress-text',
    );
  });

  it('Popconfirm: closed, only its button is drawn (the bubble opens on a click, in the browser tests)', () => {
    const html = renderToStaticMarkup(
      h(Popconfirm, {
        title: '删除？',
        onConfirm: () => undefined,
        children: h(Button, { children: '删除' }),
      }),
    );
    expect(html).toBe(
      '<span class="oj-popconfirm-anchor"><button type="button" class="oj-btn oj-btn-default"><span>删除</span></button></span>',
    );
  });
});
