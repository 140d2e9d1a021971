import { startFakeDingtalk } from '../tests/fixtures/fake-dingtalk';

/**
 * The e2e suite's DingTalk (playwright.config.ts starts it beside the app): the recorded replies
 * of tests/fixtures/dingtalk-replies.ts on FAKE_DINGTALK_PORT, for the app's DINGTALK_CLIENT_ID.
 */
const port = Number(process.env.FAKE_DINGTALK_PORT);
const app = { clientId: process.env.DINGTALK_CLIENT_ID ?? '', clientSecret: process.env.DINGTALK_CLIENT_SECRET ?? '' };
if (!port || !app.clientId || !app.clientSecret) throw new Error('FAKE_DINGTALK_PORT, DINGTALK_CLIENT_ID and DINGTALK_CLIENT_SECRET are needed');
void startFakeDingtalk({ port, app }).then(({ base }) => console.log(`fake DingTalk on ${base}`));
