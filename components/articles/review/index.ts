export { StatusTag } from './status-tag';
export { ReviewDrawer, CheckResultView, type ReviewDetail } from './review-drawer';
export { RejectNotice, type RejectedRecord } from '@/components/editorial/reject-notice';
export { CheckSummaryTag } from './check-summary';
