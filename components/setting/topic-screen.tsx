'use client';

import { useEffect, useState } from 'react';
import { Card } from '@/components/common/card';
import { EllipsisText, ResourceList, type ResourceScreenOptions } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { ActivitySelect } from '@/components/taxonomy/activity-select';
import { isOk } from '@/lib/api/resource';
import { topicApi } from '@/lib/api/topic';
import { topicResource } from '@/lib/resources/taxonomy';
import type { Topic } from '@/lib/api/types';

/** Activity titles of the topic host (tens of votes): loaded once to name the linked activities. */
function useActivityNames(): Map<number, string> {
  const [names, setNames] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    let isCurrent = true;
    void topicApi.activities({ pageSize: 100 }).then((reply) => {
      if (isCurrent && isOk(reply)) setNames(new Map(reply.data.list.map((a) => [a.id, a.title])));
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return names;
}

/**
 * 专题管理: topics in their display order (drag to reorder), with cover (from the picture library,
 * uploaded, or a link), summary, link, enabled, and optionally an activity of the topic host.
 * The API has no delete: a topic is switched off instead.
 */
export function TopicScreen() {
  const activities = useActivityNames();
  const options: ResourceScreenOptions<Topic> = {
    route: '/setting/topic',
    order: ['cover', 'title', 'summary', 'url', 'activityId'],
    addColumns: [
      {
        key: 'activityId',
        title: '关联活动',
        dataIndex: 'activityId',
        width: 140,
        ellipsis: { showTitle: false },
        render: (v: number | null) => (v ? <EllipsisText text={activities.get(v) ?? `活动 #${v}`} /> : '-'),
      },
    ],
    // On a phone the name comes first and nothing is pinned over it.
    narrowHidden: ['cover'],
    hint: '拖动左侧手柄调整专题的显示顺序。',
    filteredHint: '筛选时不能拖动排序，清除筛选后可拖动。',
  };
  return (
    <Card>
      <ResourceList<Topic> def={topicResource} {...options} form={{ width: 640, fieldsOverride: { cover: <CoverInput />, activityId: <ActivitySelect /> } }} />
    </Card>
  );
}
