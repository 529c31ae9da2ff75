import { Typography } from 'antd';
import { PRODUCT_NAME } from '../../config';

/** /introduction (网站介绍): what the site offers, in plain words. */
export default function IntroductionPage() {
  return (
    <div className="oj-container-narrow oj-panel">
      <Typography>
        <Typography.Title level={2}>网站介绍</Typography.Title>
        <Typography.Paragraph>
          {PRODUCT_NAME} 是一个中文在线评测（Online
          Judge）与编程学习网站，服务于高校实验室的同学和所有热爱编程的人。
        </Typography.Paragraph>
        <Typography.Title level={4}>你可以在这里</Typography.Title>
        <ul>
          <li>在题库中按标签、难度、来源挑选算法题，提交代码后由评测机在沙箱中编译运行并给出结果；</li>
          <li>练习数学与 408 考研题目；</li>
          <li>跟随学习计划与课程系统地学习；</li>
          <li>参加或创建限时比赛，查看排名和 Rating 变化；</li>
          <li>发布题解与问答，与其他同学交流；</li>
          <li>在个人中心维护资料、头像与背景图片。</li>
        </ul>
        <Typography.Title level={4}>评测结果说明</Typography.Title>
        <Typography.Paragraph>
          AC 答案正确，WA 答案错误，CE 编译错误，TLE 超出时间限制，MLE 超出内存限制，OLE 输出超限，Sign
          运行时错误（被信号终止），IE 评测机内部错误，PE 参数错误，PD 等待评测。
        </Typography.Paragraph>
      </Typography>
    </div>
  );
}
