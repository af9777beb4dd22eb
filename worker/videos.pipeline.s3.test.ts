import { videoPipelineSuite } from './videos-pipeline-suite';

// The same pipeline with every file in a bucket of a real S3 server (s3rver), through the AWS SDK.
await videoPipelineSuite('s3');
