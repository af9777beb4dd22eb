import { videoPipelineSuite } from './videos-pipeline-suite';

await videoPipelineSuite('disk');
