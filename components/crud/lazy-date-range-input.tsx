'use client';

import dynamic from 'next/dynamic';

/**
 * The date range filter (./date-range-input.tsx) through next/dynamic: antd's RangePicker (the
 * calendar, its locale and dayjs plugins, about 35 KiB) loads with the first date filter on screen.
 * Most list screens have none, or keep theirs behind 更多筛选 (issue 17). Where one shows at once it
 * is server-rendered as before and its chunk comes with the page.
 */
export const DateRangeInput = dynamic(() => import('./date-range-input').then((m) => m.DateRangeInput));
