export { StatusTag } from './status-tag';
export { ReviewDrawer, CheckResultView, type ReviewDetail } from './review-drawer';
export { RejectNotice, type RejectedRecord } from './reject-notice';
export { CheckSummaryTag } from './check-summary';
