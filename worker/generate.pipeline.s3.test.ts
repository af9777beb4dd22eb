import { generatePipelineSuite } from './generate-pipeline-suite';

// Generate mode with the source, its audio and its words in a bucket of a real S3 server (s3rver).
await generatePipelineSuite('s3');
