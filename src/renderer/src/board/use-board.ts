import { useQuery } from '@tanstack/react-query'
import { pipelines } from '../api/endpoints'
import { keys } from '../api/keys'

export const useBoard = (pipelineId: string) =>
  useQuery({ queryKey: keys.board(pipelineId), queryFn: () => pipelines.board(pipelineId) })
