/**
 * POST /toolsApi/applicationExport/export (spec 2 §7: a blob POST that exports an application; decision 225).
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { applicationRef } from '../../http/fields.js';

export const exportBody = z.object({ applicationId: applicationRef }, { error: MSG.badRequest });
