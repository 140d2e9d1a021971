-- Issue 15: a starter dictionary for the content check (DESIGN §6), so a new installation does not
-- check against nothing. Inserted once, by this migration, and only into an empty dictionary: words a
-- reviewer deletes later never come back, and a dictionary already kept by hand is left alone.
-- Chosen to catch offers and spam (a hit blocks publishing), not topics a trucking news site reports:
-- 毒品 or 炸药 alone, 套现 (配套现有), K粉 (OK粉丝), 稳赚不赔, or 尿素屏蔽器 (enforcement news) would
-- flag ordinary articles, so devices and contraband appear as offers (…出售). See docs/decisions.md.
INSERT INTO "sensitive_words" ("word")
SELECT t.word FROM unnest(ARRAY[
  -- 赌博
  '博彩网站', '赌博网站', '在线赌场', '网上赌场', '网络赌场', '赌场开户', '博彩开户', '真人荷官', '百家乐', '老虎机', '六合彩', '地下六合彩', '时时彩', '外围赌球', '网上赌球', '赌球网站', '体育博彩', '菠菜网站', '博彩平台', '棋牌上分', '上分下分', '赌博游戏', '澳门赌场', '线上赌场',
  -- 虚开发票
  '代开发票', '发票代开', '代开增值税发票', '增值税发票代开', '代开专票', '代开普票', '虚开发票', '虚开增值税发票', '出售发票', '发票出售', '真票代开', '代开运输发票', '运输发票代开', '油票代开', '代开油票', '过路费发票代开', '代开各类发票',
  -- 假证与驾照买分
  '办假证', '假证办理', '假证制作', '代办驾驶证', '驾照代考', '代考驾照', '驾照销分', '驾驶证销分', '代扣驾照分', '代消分', '收购驾照分', '套牌出售', '刻章办证', '办理假学历',
  -- 作弊与屏蔽设备
  '地磅遥控器出售', '遥控地磅出售', '地磅作弊器出售', '北斗屏蔽器出售', 'GPS屏蔽器出售', '定位屏蔽器出售', '尿素屏蔽器出售', '出售尿素屏蔽器', '尿素模拟器出售', '排放屏蔽器出售', '信号屏蔽器出售',
  -- 枪支爆炸物
  '出售枪支', '枪支出售', '买卖枪支', '枪支弹药出售', '仿真枪出售', '出售仿真枪', '猎枪出售', '手枪出售', '出售手枪', '钢珠枪', '自制枪支', '枪支配件出售', '弓弩出售', '管制刀具出售', '自制炸药', '炸药配方', '雷管出售', '出售雷管', '手雷出售',
  -- 毒品交易
  '出售冰毒', '冰毒出售', '出售海洛因', '海洛因出售', '摇头丸出售', '出售摇头丸', '氯胺酮出售', '出售大麻', '大麻出售', '大麻种子出售', '出售毒品', '毒品出售', '麻黄碱出售',
  -- 诈骗与非法金融
  '刷单返现', '兼职刷单', '刷单兼职', '网络刷单', '信用卡套现', '花呗套现', '套现平台', '代办信用卡', '收购银行卡', '出售银行卡', '出租银行卡', '买卖银行卡', '收购对公账户', '出售身份证', '出售公民信息', '个人信息出售', '跑分平台', '日赚千元', '高额返利', '原始股认购', '内幕荐股', '黑客接单', '查开房记录', '手机定位查人', '裸贷', '代孕', '卖肾', '器官买卖'
]::varchar[]) WITH ORDINALITY AS t(word, n)
WHERE NOT EXISTS (SELECT 1 FROM "sensitive_words")
ORDER BY t.n
ON CONFLICT DO NOTHING;
