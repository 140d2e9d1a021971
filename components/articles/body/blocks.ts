// The five custom blocks live in lib/ (the delivery API reads them on the server too).
export * from '@/lib/article-blocks';
